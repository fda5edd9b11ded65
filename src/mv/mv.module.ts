import { Module } from '@nestjs/common';
import { DiscoverController } from './discover.controller';
import { DiscoverService } from './discover.service';
import { MvController } from './mv.controller';
import { MvService } from './mv.service';

/** MVs (list, by tag, play URLs) and the small discover endpoints (image URL, digital albums, radio, recommend, tickets). */
@Module({
  controllers: [MvController, DiscoverController],
  providers: [MvService, DiscoverService],
})
export class MvModule {}
