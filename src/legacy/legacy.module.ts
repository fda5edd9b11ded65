import { Inject, Module, NestModule } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { AppConfig } from '../config/app-config';
import { RouteTable, RouteTableModule } from '../common/route-table';
import { APP_CONFIG } from '../config/config.constants';
import { WriteLoginGuard } from '../library/write-login.guard';
import { LibraryModule } from '../library/library.module';
import { MusicModule } from '../music/music.module';
import { RecommendModule } from '../recommend/recommend.module';
import { LegacyController } from './legacy.controller';
import { LegacyAppRoutesController } from './legacy-app-routes.controller';
import { LegacyAppRoutesService } from './legacy-app-routes.service';
import { LegacyCookieService } from './legacy-cookie.service';
import { LegacyRecommendController } from './legacy-recommend.controller';
import { LegacyRecommendService } from './legacy-recommend.service';
import { LegacyCollectionsController } from './legacy-collections.controller';
import { LegacyCollectionsService } from './legacy-collections.service';
import { LegacyLibraryController, LegacyLibraryService } from './legacy-library.controller';
import { LegacyExtras } from './legacy-extras.service';
import { LegacyRelationController } from './legacy-relation.controller';
import { LegacyRelationService } from './legacy-relation.service';
import { legacyRewrite } from './legacy-request.middleware';
import { LegacySingersService } from './legacy-singers.service';

/**
 * Drop-in compatibility with the older qq-music-api services (docs/legacy.md): request rewrites (doubled slash,
 * path-parameter forms, `type` → `quality`, `singerid` → `singermid` or the by-id route), the routes only they had, and (in
 * src/common/response-shape.interceptor.ts + ./legacy-shape.ts) the legacy `{ response: <upstream> }` shape.
 */
@Module({
  imports: [MusicModule, RecommendModule, RouteTableModule, LibraryModule],
  controllers: [LegacyController, LegacyRecommendController, LegacyRelationController, LegacyLibraryController, LegacyCollectionsController, LegacyAppRoutesController],
  providers: [
    LegacySingersService,
    LegacyCookieService,
    LegacyExtras,
    LegacyRecommendService,
    LegacyRelationService,
    LegacyLibraryService,
    LegacyCollectionsService,
    LegacyAppRoutesService,
    WriteLoginGuard,
  ],
  // For ResponseShaper (in AppModule): the legacy shape's extra upstream calls.
  exports: [LegacyExtras],
})
export class LegacyModule implements NestModule {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly routes: RouteTable,
  ) {}

  configure(): void {
    // The URL rewrite goes onto the Express app directly: Nest mounts its middleware at the route path (which hides
    // the path from a rewrite), and this runs while modules register, i.e. before every Nest middleware and route.
    // The route table is read per request, by which time app.init() has built it.
    this.adapterHost.httpAdapter.getInstance().use(legacyRewrite(this.config.responseShape, this.routes));
  }
}
