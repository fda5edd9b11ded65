import { Module, NestModule, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { OpenApiAdditions } from '../common/api-document';
import { ResponseShaper } from '../common/response-shape';
import { RouteTable, RouteTableModule } from '../common/route-table';
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
import { addLegacyShapes } from './legacy-docs';
import { LegacyExtras } from './legacy-extras.service';
import { LegacyRenderer } from './legacy-renderer';
import { LegacyRelationController } from './legacy-relation.controller';
import { LegacyRelationService } from './legacy-relation.service';
import { legacyRewrite } from './legacy-request.middleware';
import { LegacySingersService } from './legacy-singers.service';

/**
 * Drop-in compatibility with the older qq-music-api services (docs/legacy.md): request rewrites (doubled slash,
 * path-parameter forms, `type` → `quality`, `singerid` → `singermid` or the by-id route), the routes only they had, and
 * the legacy `{ response: <upstream> }` shape (./legacy-renderer.ts, ./legacy-shape.ts). Nothing but the app wiring
 * imports this folder: the shape's renderer and its OpenAPI additions are registered at start-up with the registries
 * src/common defines (ResponseShaper, OpenApiAdditions).
 */
@Module({
  imports: [MusicModule, RecommendModule, RouteTableModule, LibraryModule],
  controllers: [LegacyController, LegacyRecommendController, LegacyRelationController, LegacyLibraryController, LegacyCollectionsController, LegacyAppRoutesController],
  providers: [
    LegacySingersService,
    LegacyCookieService,
    LegacyExtras,
    LegacyRenderer,
    LegacyRecommendService,
    LegacyRelationService,
    LegacyLibraryService,
    LegacyCollectionsService,
    LegacyAppRoutesService,
    WriteLoginGuard,
  ],
})
export class LegacyModule implements NestModule, OnModuleInit {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly shaper: ResponseShaper,
    private readonly routes: RouteTable,
    private readonly renderer: LegacyRenderer,
    private readonly openApi: OpenApiAdditions,
  ) {}

  onModuleInit(): void {
    this.shaper.useRenderer('legacy', this.renderer);
    this.openApi.add(addLegacyShapes);
  }

  configure(): void {
    // The URL rewrite goes onto the Express app directly: Nest mounts its middleware at the route path (which hides
    // the path from a rewrite), and this runs while modules register, i.e. before every Nest middleware and route.
    // The route table is read per request, by which time app.init() has built it.
    this.adapterHost.httpAdapter.getInstance().use(legacyRewrite(this.shaper, this.routes));
  }
}
