export { VideosPage as default } from './MediaPage';
