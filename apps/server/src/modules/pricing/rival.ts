import type { RivalRates } from '@app/contract'

/**
 * The pricing popup's comparison until an admin edits it: Google Maps Platform's published
 * pay-as-you-go list prices in USD per 1000 calls, as they stood before its March 2025 price change
 * (the last day of that list is the comparison's `as_of`)
 * (https://mapsplatform.google.com/pricing/ and developers.google.com/maps/billing-and-pricing/pricing,
 * "0–100,000" and "100,001–500,000" monthly volume columns). Our popup has four tiers: the first
 * column is Google's 0–100,000 price and the second and third its 100,001–500,000 price (80% of
 * list). Above 500,000 Google publishes no price ("contact sales"); the fourth column is an estimate
 * at 60% of list, the step the 100,000 tier takes once more, so the comparison is not left blank.
 *
 * Service by service: Dynamic Maps (map loads) 7.00; Static Maps 2.00; Geocoding 5.00 (forward and
 * reverse geocoding are the same Geocoding API); Directions 5.00; Distance Matrix 5.00 per element;
 * Place Details 17.00; Autocomplete per request 2.83; Autocomplete per session 17.00; Find Place
 * 17.00; trips ≈ Route Optimization's single-vehicle price, 10.00 per 1000 shipments (no volume
 * tiers published, the same steps assumed). `free` is 0: Google's monthly credit is account-wide,
 * not a per-service allowance.
 */
export const DEFAULT_RIVAL: RivalRates = {
  name: 'Google Maps Platform',
  as_of: '2025-02-28',
  services: [
    { service: 'LOAD_MAP', per_1000: ['7.00', '5.60', '5.60', '4.20'], free: 0 },
    { service: 'STATIC_MAP', per_1000: ['2.00', '1.60', '1.60', '1.20'], free: 0 },
    { service: 'GEOCODE', per_1000: ['5.00', '4.00', '4.00', '3.00'], free: 0 },
    { service: 'FORWARD_GEOCODE', per_1000: ['5.00', '4.00', '4.00', '3.00'], free: 0 },
    { service: 'REVERSE_GEOCODE', per_1000: ['5.00', '4.00', '4.00', '3.00'], free: 0 },
    { service: 'DIRECTION', per_1000: ['5.00', '4.00', '4.00', '3.00'], free: 0 },
    { service: 'DISTANCE_MATRIX', per_1000: ['5.00', '4.00', '4.00', '3.00'], free: 0 },
    { service: 'PLACE_DETAIL', per_1000: ['17.00', '13.60', '13.60', '10.20'], free: 0 },
    { service: 'AUTOCOMPLETE', per_1000: ['2.83', '2.27', '2.27', '1.70'], free: 0 },
    { service: 'SESSION_AUTOCOMPLETE', per_1000: ['17.00', '13.60', '13.60', '10.20'], free: 0 },
    { service: 'FIND_PLACE_FROM_TEXT', per_1000: ['17.00', '13.60', '13.60', '10.20'], free: 0 },
    { service: 'TRIP', per_1000: ['10.00', '8.00', '8.00', '6.00'], free: 0 },
  ],
}
