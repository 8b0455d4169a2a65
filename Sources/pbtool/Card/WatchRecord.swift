import APDU
import Foundation
import PCSC

/// One event as printed and as passed to `--exec`.
struct WatchRecord: Encodable {
    let time: String
    let event: String
    let reader: String
    let atr: String?

    init(_ event: ReaderEvent) {
        time = ISO8601DateFormatter().string(from: Date())
        self.event = event.name
        reader = event.reader
        if case .cardInserted(_, let atr) = event { self.atr = atr.hexString(separator: "") } else { atr = nil }
    }

    var line: String {
        "\(time) \(event) \"\(reader)\"" + (atr.map { " ATR \($0)" } ?? "")
    }
}
