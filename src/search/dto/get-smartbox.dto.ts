import { ApiProperty } from '@nestjs/swagger';
import { IsDefined, IsString, MaxLength } from 'class-validator';
import { ToTrimmed } from '../../common/validation';

export class GetSmartboxQuery {
  @ToTrimmed() @IsDefined({ message: 'key is required' }) @IsString({ message: 'key must be text' })
  @MaxLength(100, { message: 'key must be at most 100 characters' })
  @ApiProperty({ type: 'string', description: 'Text typed so far (trimmed; empty = missing), at most 100 characters.', maxLength: 100, example: 'jay' })
  key!: string;
}
