fn main() -> std::process::ExitCode {
    tabula::cli::main()
}
