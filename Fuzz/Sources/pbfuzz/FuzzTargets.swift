/// Every fuzz target, one per parser (docs/fuzzing.md lists them with what each checks).
enum FuzzTargets {
    static let all: [FuzzTarget] = APDUTargets.all + TemplateTargets.all + ImageTargets.all
        + VirtualCardTargets.all + StoreTargets.all + USBTargets.all + SensorTargets.all + ScriptTargets.all

    static func named(_ name: String) -> FuzzTarget? {
        all.first { $0.name == name }
    }
}
