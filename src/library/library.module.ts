import { Module } from '@nestjs/common';
import { ResponseCacheModule } from '../cache/response-cache.module';
import { WriteLoginGuard } from '../common/write-login.guard';
import { LegacyCollectionsController } from '../legacy/legacy-collections.controller';
import { LegacyCollectionsService } from '../legacy/legacy-collections.service';
import { CollectionsClient } from '../upstream/clients/collections.client';
import { CollectionsController } from './collections.controller';
import { CollectionsService } from './collections.service';

/** Collections and follows (docs/library.md "Collections and follows"), with the Koa fork's names for them. */
const COLLECTIONS = {
  controllers: [CollectionsController, LegacyCollectionsController],
  providers: [CollectionsClient, CollectionsService, LegacyCollectionsService],
};

/** Library writes (docs/library.md): likes, owned playlists, collections, follows, and their state reads. */
@Module({
  imports: [ResponseCacheModule],
  controllers: [...COLLECTIONS.controllers],
  providers: [WriteLoginGuard, ...COLLECTIONS.providers],
})
export class LibraryModule {}
