import { Module } from '@nestjs/common';
import { MusicController } from './music.controller';
import { MusicService } from './music.service';
import { PlayUrlService } from './play-url.service';

@Module({
  controllers: [MusicController],
  providers: [MusicService, PlayUrlService],
  exports: [MusicService, PlayUrlService],
})
export class MusicModule {}
