import { Module } from '@nestjs/common';
import { ResponseCacheModule } from '../cache/response-cache.module';
import { WriteLoginGuard } from './write-login.guard';
import { CollectionsController } from './collections.controller';
import { CollectionsService } from './collections.service';
import { LibraryAccount } from './library-account';
import { LibrarySongsController } from './library-songs.controller';
import { LibrarySongsService } from './library-songs.service';
import { OwnedPlaylistsService } from './owned-playlists.service';

/** Library writes (docs/library.md): likes, owned playlists, collections, follows, and their state reads. */
@Module({
  imports: [ResponseCacheModule],
  controllers: [LibrarySongsController, CollectionsController],
  providers: [WriteLoginGuard, LibraryAccount, LibrarySongsService, OwnedPlaylistsService, CollectionsService],
  // For the Koa fork's names of the same writes (src/legacy).
  exports: [LibraryAccount, LibrarySongsService, CollectionsService],
})
export class LibraryModule {}
