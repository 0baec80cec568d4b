// antd's `Input` namespace carries TextArea, Password, Search and OTP with it, whichever a screen draws
// (≈10 kB gzip): screens import the fields they draw from here instead, so that each route loads only
// those (issue 20's first-load budget; antd-stand-ins.test.tsx holds every screen to it).
export { default as TextInput } from 'antd/es/input/Input'
export { default as PasswordInput } from 'antd/es/input/Password'
export { default as SearchInput } from 'antd/es/input/Search'
export { default as TextArea } from 'antd/es/input/TextArea'
