// The phone number check alone, with libphonenumber's numbering plans (49 kB gzip), for a screen to load
// apart when only one of its fields needs it (the profile form).
export { checkPhone } from '@app/contract'
