import APDU
import BiometricFormats
import Fingerprint

/// Checks ISO/IEC 19794-2 compact-card minutiae as they arrive on the card, with the engine's
/// decoder: whole 3-byte minutiae, no reserved type, a count in the card's range.
enum CompactMinutiaeCheck {
    /// Whether `bytes` hold a compact-card template of `range` minutiae.
    static func isValid(_ bytes: [UInt8], count range: ClosedRange<Int>) -> Bool {
        guard let template = try? CompactCardTemplate(bytes: bytes) else { return false }
        return range.contains(template.minutiae.count)
    }

    /// Whether `bytes` may be stored as a reference or compared as a probe: valid, and its minutiae
    /// no denser than fingers allow (``MinutiaDensity``; card units are 0.1 mm, so no resolution is
    /// in question). No threshold the card decides at holds for a template made from a resized
    /// image; whoever enrols the card, nobody can inspect its reference afterwards, and whoever
    /// sends a probe, the card cannot see where it came from.
    static func isUsable(_ bytes: [UInt8], count range: ClosedRange<Int>) -> Bool {
        guard isValid(bytes, count: range), let template = try? CompactCardTemplate(bytes: bytes) else { return false }
        return MinutiaDensity(template).isPlausible
    }
}

/// Compares two byte strings in time that depends only on their lengths, for keys and PINs.
func constantTimeEquals(_ lhs: [UInt8], _ rhs: [UInt8]) -> Bool {
    guard lhs.count == rhs.count else { return false }
    var difference: UInt8 = 0
    for index in lhs.indices { difference |= lhs[index] ^ rhs[index] }
    return difference == 0
}

extension ResponseAPDU {
    /// `63CX`: a failed verification with X tries left (7816-4 §5.6; X above 15 shows as 15).
    static func triesLeft(_ count: UInt8) -> ResponseAPDU {
        ResponseAPDU(statusWord: StatusWord(sw1: 0x63, sw2: 0xC0 | min(count, 0x0F)))
    }
}
