// What the portal's build leaves out of antd (antd-unused-parts-plugin.ts), in the words of the error
// a screen that asks for it gets.
export const LEFT_OUT_PARTS = {
  filters: "a table column's filters (filters, filterDropdown)",
  selection: "a table's rowSelection",
  virtual: "a virtual table (Table's virtual)",
  cardTabs: "a card's tabList",
  uploadList: "an upload's file list (Upload's showUploadList)",
  editable: "a text edited in place (Typography's editable)",
} as const

/** The error a screen gets when it asks for a part of antd the build left out. */
export function leftOut(part: keyof typeof LEFT_OUT_PARTS): Error {
  return new Error(`${LEFT_OUT_PARTS[part]} is left out of this build (apps/web/antd-unused-parts-plugin.ts)`)
}
