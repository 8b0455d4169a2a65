import Biometry
import Foundation

/// `--json`: one JSON object per event on standard output (docs/enroll.md lists the shapes).
/// Images appear as their size, never their pixels.
final class JSONEventPresenter: EventPresenter {
    private let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }()

    func present(_ event: BiometryEvent) {
        // Every member is a plain value, so encoding cannot fail.
        guard let data = try? encoder.encode(EventJSON(event)) else { return }
        print(String(decoding: data, as: UTF8.self))
    }
}
