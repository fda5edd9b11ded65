import { Global, Module } from '@nestjs/common';
import { OpenApiAdditions } from './api-document';
import { ResponseShaper } from './response-shape';

/**
 * The registries common defines and the modules that own the parts fill at start-up, so common imports none of them:
 * the response shapes' renderers (LegacyModule registers the legacy one) and the OpenAPI document's additions.
 * Global, so any module can register and any route can use @FetchesShapeSupplements.
 */
@Global()
@Module({ providers: [ResponseShaper, OpenApiAdditions], exports: [ResponseShaper, OpenApiAdditions] })
export class ExtensionPointsModule {}
