// Prerendered and public: no loader, so the app hydrates the page as it is (decision 054).
export { Component as default } from '../../features/auth/forgot-password-page';
