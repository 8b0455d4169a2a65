import Foundation

/// Stored data failed its cryptographic or structural check: something changed the file.
public enum IntegrityError: Error, Sendable, CustomStringConvertible {
    /// A row's sealed data did not authenticate against its own identity: modified, swapped
    /// with another row, or re-attributed. Other rows are unaffected.
    case tamperedRow(table: String, id: UUID)
    /// A row holds a value no version of pbtool writes (an unknown finger or format).
    case invalidRow(table: String, id: UUID, reason: String)
    /// A key slot unwrapped a master key that does not belong to this store (a stale or copied slot).
    case staleKeySlot(Int)
    /// A key slot's stored KDF parameters are outside what this build accepts.
    case invalidKeySlot(Int, reason: String)
    /// The store's metadata row is missing or malformed.
    case invalidMetadata(String)

    public var description: String {
        switch self {
        case .tamperedRow(let table, let id):
            "row \(id.uuidString.lowercased()) in table \(table) failed authentication (modified, swapped or re-attributed)"
        case .invalidRow(let table, let id, let reason):
            "row \(id.uuidString.lowercased()) in table \(table) is invalid: \(reason)"
        case .staleKeySlot(let id): "key slot \(id) unwraps a master key that does not match this store"
        case .invalidKeySlot(let id, let reason): "key slot \(id) is invalid: \(reason)"
        case .invalidMetadata(let reason): "store metadata is invalid: \(reason)"
        }
    }
}
