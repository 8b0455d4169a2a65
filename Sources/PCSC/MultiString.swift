/// Splits a PC/SC multi-string (`"A\0B\0\0"`) into its strings, stopping at the empty one.
///
/// Reader lists and `SCardStatus` reader names come in this form.
/// Bytes that are not UTF-8 are repaired rather than dropped, so an odd name still shows.
func splitMultiString(_ bytes: some Collection<UInt8>) -> [String] {
    var strings: [String] = []
    var current: [UInt8] = []
    for byte in bytes {
        if byte != 0 {
            current.append(byte)
            continue
        }
        if current.isEmpty { break }
        strings.append(String(decoding: current, as: UTF8.self))
        current.removeAll(keepingCapacity: true)
    }
    if !current.isEmpty { strings.append(String(decoding: current, as: UTF8.self)) }
    return strings
}
