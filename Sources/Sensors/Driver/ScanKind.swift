/// How a person presents the finger to a sensor (fprintd's `scan-type`).
public enum ScanKind: String, Sendable, Hashable, Codable, CaseIterable {
    /// The finger rests on an area sensor (AES3500, NB-1010, VFS7552).
    case press
    /// The finger is drawn across a strip sensor (AES2501, VFS5011, Elan …).
    case swipe

    /// The verb people read: "place" or "swipe".
    public var verb: String {
        switch self {
        case .press: "place"
        case .swipe: "swipe"
        }
    }

    /// "Place a finger on the Validity VFS7552…", "Swipe a finger across the AuthenTec AES2501…".
    public func instruction(sensorName: String) -> String {
        switch self {
        case .press: "Place a finger on the \(sensorName)…"
        case .swipe: "Swipe a finger across the \(sensorName)…"
        }
    }
}
