/// The introspection document (D-Bus specification, "Introspection Data Format") of an object
/// with `interfaces`, plus the standard interfaces every exported object answers.
enum BusIntrospection {
    static func document(for interfaces: [BusInterface]) -> String {
        var lines = [
            #"<!DOCTYPE node PUBLIC "-//freedesktop//DTD D-BUS Object Introspection 1.0//EN""#,
            #" "http://www.freedesktop.org/standards/dbus/1.0/introspect.dtd">"#,
            "<node>",
        ]
        for interface in standard + interfaces { lines += element(interface) }
        lines.append("</node>")
        return lines.joined(separator: "\n") + "\n"
    }

    private static func element(_ interface: BusInterface) -> [String] {
        var lines = [#" <interface name="\#(interface.name)">"#]
        for method in interface.methods {
            lines.append(#"  <method name="\#(method.name)">"#)
            lines += method.inputs.map { #"   <arg name="\#($0.name)" type="\#($0.signature)" direction="in"/>"# }
            lines += method.outputs.map { #"   <arg name="\#($0.name)" type="\#($0.signature)" direction="out"/>"# }
            lines.append("  </method>")
        }
        for signal in interface.signals {
            lines.append(#"  <signal name="\#(signal.name)">"#)
            lines += signal.arguments.map { #"   <arg name="\#($0.name)" type="\#($0.signature)"/>"# }
            lines.append("  </signal>")
        }
        lines += interface.properties.map { #"  <property name="\#($0.name)" type="\#($0.signature)" access="read"/>"# }
        lines.append(" </interface>")
        return lines
    }

    static let introspectable = BusInterface(name: "org.freedesktop.DBus.Introspectable", methods: [
        .init("Introspect", outputs: [.init("xml_data", "s")]),
    ])

    static let properties = BusInterface(name: "org.freedesktop.DBus.Properties", methods: [
        .init("Get", inputs: [.init("interface_name", "s"), .init("property_name", "s")], outputs: [.init("value", "v")]),
        .init("GetAll", inputs: [.init("interface_name", "s")], outputs: [.init("properties", "a{sv}")]),
        .init("Set", inputs: [.init("interface_name", "s"), .init("property_name", "s"), .init("value", "v")]),
    ], signals: [
        .init("PropertiesChanged", [.init("interface_name", "s"), .init("changed_properties", "a{sv}"),
                                    .init("invalidated_properties", "as")]),
    ])

    static let peer = BusInterface(name: "org.freedesktop.DBus.Peer", methods: [
        .init("Ping"), .init("GetMachineId", outputs: [.init("machine_uuid", "s")]),
    ])

    static let standard = [introspectable, properties, peer]
}
