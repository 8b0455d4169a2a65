internal import COpenSSL

/// Turns what a key file, key command or variable holds into a 32-byte key.
enum KeyMaterial {
    static let keyLength = 32

    /// Accepts exactly 32 raw bytes, or (surrounding whitespace ignored) 64 hex digits or the
    /// base64 form of 32 bytes.
    static func parse(_ raw: SecretBytes, origin: String) throws -> SecretBytes {
        if raw.count == keyLength { return raw }
        let text = trimmed(raw)
        if text.count == 2 * keyLength, let key = hexDecoded(text) { return key }
        if let key = base64Decoded(text), key.count == keyLength { return key }
        throw UnlockError.malformedKey(origin: origin)
    }

    /// `key` as lowercase hex digits and a newline (the key-file format).
    static func hexText(_ key: SecretBytes) -> SecretBytes {
        let digits = Array("0123456789abcdef".utf8)
        let text = SecretBytes(count: key.count * 2 + 1)
        for index in 0..<key.count {
            text.pointer[2 * index] = digits[Int(key.pointer[index] >> 4)]
            text.pointer[2 * index + 1] = digits[Int(key.pointer[index] & 0x0F)]
        }
        text.pointer[key.count * 2] = UInt8(ascii: "\n")
        return text
    }

    private static func trimmed(_ raw: SecretBytes) -> UnsafeBufferPointer<UInt8> {
        let whitespace: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0D]
        var start = 0, end = raw.count
        while start < end, whitespace.contains(raw.pointer[start]) { start += 1 }
        while end > start, whitespace.contains(raw.pointer[end - 1]) { end -= 1 }
        return UnsafeBufferPointer(start: raw.pointer + start, count: end - start)
    }

    private static func hexDecoded(_ text: UnsafeBufferPointer<UInt8>) -> SecretBytes? {
        let key = SecretBytes(count: text.count / 2)
        for index in 0..<key.count {
            guard let high = nibble(text[2 * index]), let low = nibble(text[2 * index + 1]) else { return nil }
            key.pointer[index] = high << 4 | low
        }
        return key
    }

    private static func nibble(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// Decodes with `EVP_DecodeBlock`, which counts padding as output bytes.
    private static func base64Decoded(_ text: UnsafeBufferPointer<UInt8>) -> SecretBytes? {
        guard text.count > 0, text.count % 4 == 0, text.count <= 64 else { return nil }
        let output = SecretBytes(count: text.count / 4 * 3)
        let decoded = EVP_DecodeBlock(output.pointer, text.baseAddress, Int32(text.count))
        guard decoded >= 0 else {
            OpenSSLError.discardQueue()
            return nil
        }
        let padding = text.suffix(2).filter { $0 == UInt8(ascii: "=") }.count
        output.shrink(to: Int(decoded) - padding)
        return output
    }
}
