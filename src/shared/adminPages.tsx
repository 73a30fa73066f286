/** react-admin's own error, access and loading pages, in a chunk of their own (loaded by AppAdmin when shown). */
export { AccessDenied as AccessDeniedPage, AuthenticationError as AuthenticationErrorPage, Error as ErrorPage, LoadingPage } from 'react-admin';
