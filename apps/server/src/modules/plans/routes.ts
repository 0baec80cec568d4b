import { routes } from '../../http/routes.ts'

export const planRoutes = routes(() => {})
