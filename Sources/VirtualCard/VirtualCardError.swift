/// Why a virtual card could not be set up, or could not keep its state.
public enum VirtualCardError: Error, Sendable, Equatable, CustomStringConvertible {
    /// An ATR must hold 1 to 33 bytes (ISO 7816-3 §8.1).
    case invalidATR(count: Int)
    /// Two applets share an AID, so SELECT could not tell them apart.
    case duplicateAID(String)
    /// The state file exists but could not be read.
    case stateFileUnreadable(path: String, reason: String)
    /// The state file is not a pbtool virtual-card state file, or is damaged.
    case stateFileCorrupt(path: String, reason: String)
    /// An applet refused the state stored for it.
    case stateRejected(aid: String, path: String, reason: String)
    /// The state could not be written (the card keeps running on the state in memory).
    case stateFileUnwritable(path: String, reason: String)
    /// Another emulator serves the same state file (process `pid`, 0 when unknown).
    case stateFileInUse(path: String, pid: Int32)
    /// Another emulator is attached to the same vpcd port (process `pid`, 0 when unknown).
    case vpcdPortInUse(port: UInt16, pid: Int32)

    public var description: String {
        switch self {
        case .invalidATR(let count):
            "an ATR holds 1 to 33 bytes, not \(count)"
        case .duplicateAID(let aid):
            "two applets have the AID \(aid)"
        case .stateFileUnreadable(let path, let reason):
            "cannot read the card state file \(path): \(reason)"
        case .stateFileCorrupt(let path, let reason):
            "the card state file \(path) is damaged: \(reason)"
        case .stateRejected(let aid, let path, let reason):
            "the applet \(aid) refused its state in \(path): \(reason)"
        case .stateFileUnwritable(let path, let reason):
            "cannot save the card state to \(path): \(reason)"
        case .stateFileInUse(let path, let pid):
            "the card state file \(path) is in use by another card emulator"
                + (pid > 0 ? " (pid \(pid))" : "") + "; stop it first, or give another --state"
        case .vpcdPortInUse(let port, let pid):
            "vpcd port \(port) is in use by another card emulator"
                + (pid > 0 ? " (pid \(pid))" : "") + "; stop it first, or give another --port"
        }
    }
}
