import { createApp } from 'vue';
import { createPinia } from 'pinia';
import App from './App.vue';
import { installErrorReporting } from './layout/error-reporting';
import './styles/theme.css';
import './styles/shell.css';

const app = createApp(App);
// Before anything runs, so an error while the app mounts reaches main's log too.
installErrorReporting(app);
app.use(createPinia()).mount('#app');
