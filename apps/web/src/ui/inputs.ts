// antd's `Input` namespace also carries TextArea, Search and OTP (≈10 kB gzip). The sign-in pages only
// need a text field and a password field, so they import these two directly.
export { default as TextInput } from 'antd/es/input/Input'
export { default as PasswordInput } from 'antd/es/input/Password'
