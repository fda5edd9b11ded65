// class-transformer ships the declarations of its metadata storage apart from the module (as @nestjs/mapped-types reads it).
declare module 'class-transformer/cjs/storage' {
  export { defaultMetadataStorage } from 'class-transformer/types/storage';
}
