import { routes } from '../../http/routes.ts'

export const rateRoutes = routes(() => {})
