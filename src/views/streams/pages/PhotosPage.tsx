export { PhotosPage as default } from './MediaPage';
