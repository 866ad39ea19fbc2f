// One chunk per dashboard (REQ-perf-routes): a user downloads only the dashboard of their own role.
export { DoctorPortal as default } from '@sentinel/ui';
