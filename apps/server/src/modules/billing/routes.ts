import { routes } from '../../http/routes.ts'

export const billingRoutes = routes(() => {})
