import DBus

/// fprintd's error replies (`net.reactivated.Fprint.Error.*`), named as its interface
/// description names them.
enum FprintError {
    private static func error(_ kind: String, _ message: String) -> BusError {
        BusError("net.reactivated.Fprint.Error.\(kind)", message)
    }

    static func claimDevice(_ message: String) -> BusError { error("ClaimDevice", message) }
    static func alreadyInUse(_ message: String) -> BusError { error("AlreadyInUse", message) }
    static func `internal`(_ message: String) -> BusError { error("Internal", message) }
    static func permissionDenied(_ message: String) -> BusError { error("PermissionDenied", message) }
    static func noEnrolledPrints(_ message: String) -> BusError { error("NoEnrolledPrints", message) }
    static func noActionInProgress(_ message: String) -> BusError { error("NoActionInProgress", message) }
    static func invalidFingername(_ message: String) -> BusError { error("InvalidFingername", message) }
    static func printsNotDeleted(_ message: String) -> BusError { error("PrintsNotDeleted", message) }
}
