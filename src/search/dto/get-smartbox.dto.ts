import { IsDefined, IsString, MaxLength } from 'class-validator';
import { ToTrimmed } from '../../common/validation';

export class GetSmartboxQuery {
  @ToTrimmed() @IsDefined({ message: 'key is required' }) @IsString({ message: 'key must be text' })
  @MaxLength(100, { message: 'key must be at most 100 characters' })
  key!: string;
}
