import { Module } from '@nestjs/common';
import { MusicModule } from '../music/music.module';
import { ChartsController } from './charts.controller';
import { ChartsService } from './charts.service';

@Module({
  imports: [MusicModule],
  controllers: [ChartsController],
  providers: [ChartsService],
})
export class ChartsModule {}
