/** The groups icon, apart from the screens so the menu and the route table load it without them. */
export { default as icon } from '@mui/icons-material/Workspaces';
