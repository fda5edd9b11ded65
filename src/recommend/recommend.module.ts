import { Module } from '@nestjs/common';

/** Personal recommendations (docs/recommend.md): daily songs, personal radio, similar songs, related lists. */
@Module({
  controllers: [],
  providers: [],
})
export class RecommendModule {}
