import { Module } from '@nestjs/common';
import { DiscoverController } from './discover.controller';
import { DiscoverService } from './discover.service';

/** The small discover endpoints: image URL, digital albums, radio, home recommendations, tickets. */
@Module({
  controllers: [DiscoverController],
  providers: [DiscoverService],
})
export class DiscoverModule {}
