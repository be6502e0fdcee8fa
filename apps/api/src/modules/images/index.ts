// The images module as other modules see it; they import nothing else of it (eslint.config.mjs).
export { imageRoutes } from './image-routes';
export {
  imageColumnsResponse,
  imageResponse,
  imageSizes,
  imageUploadStep,
  reencodeImage,
  type StoredImage,
} from './image-upload';
