import { Module } from '@nestjs/common';
import { RecommendController } from './recommend.controller';
import { RecommendService } from './recommend.service';

/** Personal recommendations (docs/recommend.md): daily songs, personal radio, similar songs, related lists. */
@Module({
  controllers: [RecommendController],
  providers: [RecommendService],
  // For the older services' recommendation routes (src/legacy/legacy-recommend.controller.ts).
  exports: [RecommendService],
})
export class RecommendModule {}
