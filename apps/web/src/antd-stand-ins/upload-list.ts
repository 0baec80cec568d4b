import { leftOut } from './left-out.ts'

// Stands in for antd's upload/UploadList, which antd's Upload renders only when showUploadList is on:
// the portal's uploads draw their own previews (the avatar, a ticket's images).
export default function UploadList(): never {
  throw leftOut('uploadList')
}
