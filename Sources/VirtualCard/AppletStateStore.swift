import APDU
import Files
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Applet state in one JSON file, by AID; written whole and atomically after each change.
///
/// The file is `{"format": "pbtool-virtual-card-state", "version": 2, "applets": {AID: base64},
/// "checksum": CRC-32 hex}` (``StateChecksum``). Version 1 files (no checksum) are still read,
/// field by field, and gain a checksum when loaded (``load(into:)`` writes back). Entries for
/// applets the card does not hold are kept and written back, so running a card with fewer
/// applets loses nothing.
final class AppletStateStore {
    private struct Contents: Codable {
        var format = AppletStateStore.format
        var version = AppletStateStore.version
        var applets: [String: Data] = [:]
        var checksum: String?
    }

    static let format = "pbtool-virtual-card-state"
    static let version = 2

    let file: URL
    private var contents = Contents()
    private var isDirty = false

    init(file: URL) {
        self.file = file
    }

    /// Reads the file, if there is one, hands each applet its state, takes the applets' states
    /// as the baseline later saves compare against, and writes that baseline back.
    ///
    /// The write is the proof that saves will work: a read-only file, an immutable one, or a
    /// folder that takes no new file throws ``VirtualCardError/stateFileUnwritable(path:reason:)``
    /// now, before the card answers a command whose change would be lost.
    func load(into applets: [any Applet]) throws(VirtualCardError) {
        try read(into: applets)
        for applet in applets {
            guard let state = applet.encodeState() else { continue }
            contents.applets[applet.aid.hexString(separator: "")] = Data(state)
        }
        if FileManager.default.fileExists(atPath: file.path), access(file.path, W_OK) != 0 {
            throw .stateFileUnwritable(path: file.path, reason: "the file is read-only (\(String(cString: strerror(errno))))")
        }
        try write()
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
        try checkIntegrity()
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

    /// The format, the version, the checksum (version 2) and the AIDs, before any applet sees its state.
    private func checkIntegrity() throws(VirtualCardError) {
        guard contents.format == Self.format, (1...Self.version).contains(contents.version) else {
            throw .stateFileCorrupt(path: file.path, reason: "format \"\(contents.format)\" version \(contents.version); "
                                    + "expected \"\(Self.format)\" version 1 or \(Self.version)")
        }
        if contents.version >= 2 {
            guard let checksum = contents.checksum else {
                throw .stateFileCorrupt(path: file.path, reason: "the checksum is missing")
            }
            guard checksum == StateChecksum.of(contents.applets) else {
                throw .stateFileCorrupt(path: file.path, reason: "the checksum does not match its contents (the file was changed or damaged)")
            }
        }
        for aid in contents.applets.keys {
            guard let bytes = try? [UInt8](hex: aid), (5...16).contains(bytes.count) else {
                throw .stateFileCorrupt(path: file.path, reason: "\"\(aid)\" is not an AID (5 to 16 bytes in hex)")
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
        try write()
    }

    private func write() throws(VirtualCardError) {
        contents.version = Self.version
        contents.checksum = StateChecksum.of(contents.applets)
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
