import { Controller, Get, Query } from '@nestjs/common';
import { GetUserAvatarQuery } from './dto/get-user-avatar.dto';
import { GetUserPlaylistsQuery } from './dto/get-user-playlists.dto';
import { UserService } from './user.service';

@Controller('user')
export class UserController {
  constructor(private readonly user: UserService) {}

  @Get('getUserPlaylists')
  getUserPlaylists(@Query() query: GetUserPlaylistsQuery) {
    return this.user.getUserPlaylists(query);
  }

  @Get('getUserAvatar')
  getUserAvatar(@Query() query: GetUserAvatarQuery) {
    return this.user.getUserAvatar(query);
  }
}
