import { ALBUM_MID, IdParam } from '../../common/validation';

export class GetAlbumInfoQuery {
  /** Album MID, e.g. 000MkMni19ClKG. */
  @IdParam(ALBUM_MID, { required: true, trim: true, description: 'Album MID: letters and digits, at most 32 characters.', example: '000MkMni19ClKG' })
  albummid!: string;
}
