import { Module } from '@nestjs/common';
import { MvController } from './mv.controller';
import { MvService } from './mv.service';

/** MVs: list, by tag, play URLs. */
@Module({
  controllers: [MvController],
  providers: [MvService],
})
export class MvModule {}
