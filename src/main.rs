fn main() -> std::process::ExitCode {
    // Like other command-line tools, end quietly when the reader of our output goes away
    // (`tabula ... | head`) instead of failing on every later write.
    #[cfg(unix)]
    // SAFETY: restoring the default action of a signal before any thread starts.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
    exit_on_output_errors();
    tabula::cli::main()
}

/// Output that cannot be written (a full disk: `tabula check FILE > /dev/full`) is an error of
/// the command, not a crash. The standard library's `println!` panics when a write fails; this
/// hook turns exactly that panic, from any thread, into one line on stderr and exit status 1,
/// as `cat` and `ls` answer. Every other panic keeps the default report: it is a bug.
fn exit_on_output_errors() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let payload = info.payload();
        let message = payload
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| payload.downcast_ref::<&str>().copied())
            .unwrap_or_default();
        if let Some(reason) = message.strip_prefix("failed printing to stdout: ") {
            eprintln!("error: cannot write the output: {reason}");
            std::process::exit(1);
        }
        if message.starts_with("failed printing to stderr: ") {
            // Nowhere left to say why.
            std::process::exit(1);
        }
        default(info)
    }));
}
