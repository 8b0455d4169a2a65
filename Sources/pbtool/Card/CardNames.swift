import APDU
import Foundation

/// Card names by ATR from pcsc-tools' smartcard_list.txt, read from disk once per command.
///
/// `PBTOOL_SMARTCARD_LIST` names another file, or `none` to use no list. Nothing is downloaded.
struct CardNames {
    /// The file read, or nil when none is installed.
    let path: String?
    private let list: KnownATRList?

    /// The first list found: `PBTOOL_SMARTCARD_LIST`, else `KnownATRList.standardLocations`.
    static func installed() -> CardNames {
        let override = ProcessInfo.processInfo.environment["PBTOOL_SMARTCARD_LIST"]
        if override == "none" { return CardNames(path: nil, list: nil) }
        let candidates = override.map { [$0] } ?? KnownATRList.standardLocations
        for path in candidates {
            guard let data = FileManager.default.contents(atPath: path) else { continue }
            // The Debian file is UTF-8 with a few Latin-1 leftovers; decoding repairs those.
            return CardNames(path: path, list: KnownATRList(text: String(decoding: data, as: UTF8.self)))
        }
        return CardNames(path: nil, list: nil)
    }

    /// Whether a list was found.
    var isAvailable: Bool { list != nil }

    /// The descriptions of every entry matching `atr`, in file order.
    func lookUp(_ atr: [UInt8]) -> [String] {
        list?.descriptions(for: atr) ?? []
    }
}
