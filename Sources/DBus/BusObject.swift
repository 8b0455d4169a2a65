/// An object exported on the bus. The connection calls it on its loop thread only, after
/// checking that the interface has the method and the call's signature is the method's.
public protocol BusObject: AnyObject {
    /// The interfaces the object implements (Introspectable, Properties and Peer come free).
    var interfaces: [BusInterface] { get }
    /// Answers a method call of one of ``interfaces`` through `reply`: at once, or later from
    /// any thread when the answer takes time (the loop serves other calls meanwhile).
    func handle(_ call: BusCall, reply: BusReply)
    /// The current value of a property of one of ``interfaces``.
    func property(_ name: String, of interface: String) -> BusValue?
}
