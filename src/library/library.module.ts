import { Module } from '@nestjs/common';
import { ResponseCacheModule } from '../cache/response-cache.module';
import { WriteLoginGuard } from '../common/write-login.guard';
import { LibraryAccount } from './library-account';
import { LibrarySongsController } from './library-songs.controller';
import { LibrarySongsService } from './library-songs.service';
import { OwnedPlaylistsService } from './owned-playlists.service';

/** Library writes (docs/library.md): likes, owned playlists, collections, follows, and their state reads. */
@Module({
  imports: [ResponseCacheModule],
  controllers: [
    // Songs and owned playlists.
    LibrarySongsController,
  ],
  providers: [
    WriteLoginGuard,
    // Songs and owned playlists.
    LibraryAccount,
    LibrarySongsService,
    OwnedPlaylistsService,
  ],
  exports: [LibraryAccount, LibrarySongsService],
})
export class LibraryModule {}
