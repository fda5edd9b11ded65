import { Module } from '@nestjs/common';
import { ResponseCacheModule } from '../cache/response-cache.module';
import { WriteLoginGuard } from '../common/write-login.guard';

/** Library writes (docs/library.md): likes, owned playlists, collections, follows, and their state reads. */
@Module({
  imports: [ResponseCacheModule],
  controllers: [],
  providers: [WriteLoginGuard],
})
export class LibraryModule {}
