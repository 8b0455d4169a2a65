import APDU
import Files
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Applet state in one JSON file, by AID; written whole and atomically after each change.
///
/// The file is `{"format": "pbtool-virtual-card-state", "version": 1, "applets": {AID: base64}}`.
/// Entries for applets the card does not hold are kept and written back, so running a card with
/// fewer applets loses nothing.
final class AppletStateStore {
    private struct Contents: Codable {
        var format = AppletStateStore.format
        var version = 1
        var applets: [String: Data] = [:]
    }

    static let format = "pbtool-virtual-card-state"

    let file: URL
    private var contents = Contents()
    private var isDirty = false

    init(file: URL) {
        self.file = file
    }

    /// Reads the file, if there is one, hands each applet its state, and takes the applets'
    /// states as the baseline later saves compare against.
    func load(into applets: [any Applet]) throws(VirtualCardError) {
        try read(into: applets)
        for applet in applets {
            guard let state = applet.encodeState() else { continue }
            contents.applets[applet.aid.hexString(separator: "")] = Data(state)
        }
    }

    private func read(into applets: [any Applet]) throws(VirtualCardError) {
        guard (try? FileStatus.following(file.path)) != nil else { return }
        let bytes: Data
        do {
            bytes = Data(try InputFile.read(file.path, role: "state file", limit: 1 << 24))
        } catch where error.problem == .empty {
            throw .stateFileCorrupt(path: file.path, reason: "the file is empty")
        } catch {
            throw .stateFileUnreadable(path: file.path, reason: error.problem.description)
        }
        do {
            contents = try JSONDecoder().decode(Contents.self, from: bytes)
        } catch {
            throw .stateFileCorrupt(path: file.path, reason: "not JSON of the expected shape (\(Self.describe(error)))")
        }
        guard contents.format == Self.format, contents.version == 1 else {
            throw .stateFileCorrupt(path: file.path,
                                    reason: "format \"\(contents.format)\" version \(contents.version); expected \"\(Self.format)\" version 1")
        }
        for applet in applets {
            let aid = applet.aid.hexString(separator: "")
            guard let state = contents.applets[aid] else { continue }
            do {
                try applet.restoreState(Array(state))
            } catch {
                throw .stateRejected(aid: aid, path: file.path, reason: String(describing: error))
            }
        }
    }

    /// Writes the file if `applet`'s state changed, or if an earlier write failed.
    func save(_ applet: any Applet) throws(VirtualCardError) {
        if let state = applet.encodeState() {
            let aid = applet.aid.hexString(separator: "")
            if contents.applets[aid] != Data(state) {
                contents.applets[aid] = Data(state)
                isDirty = true
            }
        }
        guard isDirty else { return }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        do {
            try Self.writeAtomically(try encoder.encode(contents), to: file)
            isDirty = false
        } catch {
            throw .stateFileUnwritable(path: file.path, reason: (error as? FileError)?.problem.description ?? String(describing: error))
        }
    }

    /// Where the JSON went wrong, without Foundation's debug dump.
    private static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return String(describing: error) }
        switch error {
        case .dataCorrupted: return "not valid JSON"
        case .keyNotFound(let key, _): return "the member \"\(key.stringValue)\" is missing"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "a wrong value at \(context.codingPath.map(\.stringValue).joined(separator: "."))"
        @unknown default: return "an unexpected shape"
        }
    }

    /// Writes `data` to a temporary file beside `url`, synced, that replaces `url` only once
    /// complete: a crash leaves either the old file or the new one, never a torn one.
    static func writeAtomically(_ data: Data, to url: URL) throws {
        let output = try OutputFile(url.path, role: "state file", existing: .replace, mode: 0o600)
        try output.write(Array(data))
        try output.commit()
    }
}
