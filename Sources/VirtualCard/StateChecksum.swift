import Fingerprint
import Foundation

/// The CRC-32 a card state file carries over its applets' states, so that a damaged file is
/// refused before the card attaches instead of serving keys or counters that changed on disk.
///
/// It detects damage (a flipped bit, a torn edit, a stray write: every change of up to 32
/// consecutive bits), not a forger: whoever can write the file can recompute it. It covers one line
/// `AID=base64` per applet, in AID order, so it does not depend on how the JSON is laid out.
enum StateChecksum {
    /// Eight lower-case hex digits.
    static func of(_ applets: [String: Data]) -> String {
        let text = applets.keys.sorted().map { "\($0)=\(applets[$0]?.base64EncodedString() ?? "")\n" }.joined()
        return String(format: "%08x", CRC32.checksum(text.utf8))
    }
}
