import { ApiProperty } from '@nestjs/swagger';
import { IsDefined, Matches } from 'class-validator';
import { ToTrimmed } from '../../common/validation';

export class GetAlbumInfoQuery {
  /** Album MID, e.g. 000MkMni19ClKG. */
  @IsDefined({ message: 'albummid is required' }) @ToTrimmed()
  @Matches(/^[0-9A-Za-z]{1,32}$/, { message: 'albummid must be an album MID (letters and digits)' })
  @ApiProperty({ type: 'string', description: 'Album MID: letters and digits, at most 32 characters.', pattern: '^[0-9A-Za-z]{1,32}$', example: '000MkMni19ClKG' })
  albummid!: string;
}
