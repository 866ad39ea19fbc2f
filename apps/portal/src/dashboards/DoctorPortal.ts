// One chunk per dashboard (issue 7): a user downloads only the dashboard of their own role.
export { DoctorPortal as default } from '@sentinel/ui';
