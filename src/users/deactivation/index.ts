export { DeactivationPage } from './DeactivationPage';
