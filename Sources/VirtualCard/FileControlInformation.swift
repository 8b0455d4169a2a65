/// FCI templates (tag `6F`, ISO 7816-4 §7.4.1) for SELECT answers.
public enum FileControlInformation {
    /// `6F L { 84 L AID }`, plus `extra` data objects inside the template.
    public static func minimal(aid: [UInt8], extra: [UInt8] = []) -> [UInt8] {
        let name = [0x84, UInt8(aid.count)] + aid
        let body = name + extra
        return [0x6F] + berLength(body.count) + body
    }

    /// A BER-TLV length field (one byte up to 127, `81 XX` up to 255, `82 XX XX` beyond).
    static func berLength(_ count: Int) -> [UInt8] {
        switch count {
        case ..<0x80: [UInt8(count)]
        case ..<0x100: [0x81, UInt8(count)]
        default: [0x82, UInt8(count >> 8 & 0xFF), UInt8(count & 0xFF)]
        }
    }
}
